import torch
t = torch.zeros(0, 1, 2)
r = torch.cat([t, t], 0)
