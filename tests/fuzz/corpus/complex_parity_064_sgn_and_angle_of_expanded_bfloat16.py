import torch
x = (torch.arange(24.).view(2, 3, 4) - 11).to(torch.bfloat16)[:, :1].expand(2, 3, 4)
y = x.sgn()
z = x.angle()
w = torch.angle(x)
