import torch
x = torch.tensor([1+2j])
y = torch.conj(x)
a = torch.is_conj(y)
