import torch
t = torch.ones(1)
r = t.chunk(2, -3)
