import torch
t = torch.zeros(1, 0)
r = torch.moveaxis(t, 0, 1)
