import torch
t = torch.zeros(0, 1, 2)
r = t.unflatten(-3, [-1])
