import torch
x = torch.tensor([1.])
y = x.real
