import torch
t = torch.ones(1)
r = t.diagonal(0, 2, 0)
