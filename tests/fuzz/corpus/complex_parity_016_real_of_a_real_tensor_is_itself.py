import torch
x = torch.ones(3)
r = x.real
s = torch.real(x)
