import torch
t = torch.ones(1)
r = t.select(2, 0)
