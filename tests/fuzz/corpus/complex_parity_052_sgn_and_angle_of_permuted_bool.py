import torch
x = (torch.arange(24.).view(2, 3, 4) % 3 == 0).permute(2, 0, 1)
y = x.sgn()
z = x.angle()
w = torch.angle(x)
