import torch
t = torch.zeros(0)
r = t.unflatten(-1, (1, -1))
