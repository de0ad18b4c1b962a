import torch
t = torch.zeros(0, 1, 2)
r = t.unflatten(-1, (1, -1))
