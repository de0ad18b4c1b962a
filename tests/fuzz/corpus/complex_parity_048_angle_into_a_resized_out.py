import torch
z = torch.tensor([[1+1j, -2j], [3, 0]])
o = torch.zeros(3)
y = torch.angle(z, out=o)
f = torch.zeros(5)
g = torch.angle(torch.ones(2, 2).t(), out=f)
