import torch
t = torch.ones(1)
r = t.expand(2, -1)
