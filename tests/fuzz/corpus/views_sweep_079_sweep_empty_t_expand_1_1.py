import torch
t = torch.zeros(0)
r = t.expand(1, 1)
