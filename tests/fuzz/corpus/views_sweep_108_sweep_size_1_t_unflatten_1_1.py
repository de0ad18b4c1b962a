import torch
t = torch.ones(1)
r = t.unflatten(-1, [1])
