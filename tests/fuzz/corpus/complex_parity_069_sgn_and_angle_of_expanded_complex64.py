import torch
x = torch.complex(torch.arange(24.).view(2, 3, 4) - 11, torch.arange(24.).view(2, 3, 4) % 5 - 2).to(torch.complex64)[:, :1].expand(2, 3, 4)
y = x.sgn()
z = x.angle()
w = torch.angle(x)
