import torch
x = torch.complex(torch.arange(24.).view(2, 3, 4) - 11, torch.arange(24.).view(2, 3, 4) % 5 - 2).to(torch.complex128)[:, ::2]
y = x.sgn()
z = x.angle()
w = torch.angle(x)
