import torch
x = (torch.arange(24.).view(2, 3, 4) - 11).to(torch.int32).transpose(0, 2)
y = x.sgn()
z = x.angle()
w = torch.angle(x)
