import torch
x = torch.tensor([[2j]])
y = x.conj()
