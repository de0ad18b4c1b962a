import torch
v = torch.arange(3)
r = torch.hsplit(v, 1)
