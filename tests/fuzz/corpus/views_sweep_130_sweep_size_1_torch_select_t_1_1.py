import torch
t = torch.ones(1)
r = torch.select(t, 1, -1)
