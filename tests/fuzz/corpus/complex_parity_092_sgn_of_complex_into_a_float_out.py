import torch
x = torch.tensor([1j])
y = torch.sgn(x, out=torch.zeros(1))
