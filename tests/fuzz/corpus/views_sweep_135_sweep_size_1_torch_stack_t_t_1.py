import torch
t = torch.ones(1)
r = torch.stack([t, t], 1)
