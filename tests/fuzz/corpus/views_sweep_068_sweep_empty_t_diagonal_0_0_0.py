import torch
t = torch.zeros(0)
r = t.diagonal(0, 0, 0)
