import torch
x = (torch.arange(24.).view(2, 3, 4) - 11).to(torch.float64)
y = x.sgn()
z = x.angle()
w = torch.angle(x)
