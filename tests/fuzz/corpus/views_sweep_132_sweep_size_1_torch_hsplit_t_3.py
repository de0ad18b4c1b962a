import torch
t = torch.ones(1)
r = torch.hsplit(t, -3)
