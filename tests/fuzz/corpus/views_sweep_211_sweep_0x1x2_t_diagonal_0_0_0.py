import torch
t = torch.zeros(0, 1, 2)
r = t.diagonal(0, 0, 0)
