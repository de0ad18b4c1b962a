import torch
t = torch.ones(1)
r = t.unflatten(0, [-1])
