import torch
t = torch.zeros(1, 0)
r = torch.cat([t, t], -3)
