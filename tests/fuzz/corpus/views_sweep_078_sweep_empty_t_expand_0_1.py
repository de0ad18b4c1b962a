import torch
t = torch.zeros(0)
r = t.expand(0, -1)
