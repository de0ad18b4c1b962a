import torch
x = (torch.arange(24.).view(2, 3, 4) - 11).to(torch.float32)[:, ::2]
y = x.sgn()
z = x.angle()
w = torch.angle(x)
