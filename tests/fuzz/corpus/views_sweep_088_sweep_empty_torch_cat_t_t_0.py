import torch
t = torch.zeros(0)
r = torch.cat([t, t], 0)
