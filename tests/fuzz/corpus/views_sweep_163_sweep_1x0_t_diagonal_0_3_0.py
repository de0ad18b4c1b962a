import torch
t = torch.zeros(1, 0)
r = t.diagonal(0, -3, 0)
