import torch
t = torch.ones(1)
r = torch.cat([t, t], 2)
