import torch
t = torch.zeros(1, 0)
r = torch.atleast_2d(t)
