import torch
t = torch.ones(1)
r = torch.moveaxis(t, 0, -1)
