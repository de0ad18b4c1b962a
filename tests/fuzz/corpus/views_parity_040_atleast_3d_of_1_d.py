import torch
v = torch.arange(3)
y = torch.atleast_3d(v)
