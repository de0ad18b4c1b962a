import torch
t = torch.zeros(0)
r = torch.stack([t, t], -1)
