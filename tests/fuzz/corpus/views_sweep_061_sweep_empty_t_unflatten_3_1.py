import torch
t = torch.zeros(0)
r = t.unflatten(-3, [-1])
