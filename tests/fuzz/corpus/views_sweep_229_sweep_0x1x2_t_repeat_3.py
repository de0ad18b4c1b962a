import torch
t = torch.zeros(0, 1, 2)
r = t.repeat(-3)
