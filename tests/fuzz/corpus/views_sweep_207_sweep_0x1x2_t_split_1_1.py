import torch
t = torch.zeros(0, 1, 2)
r = t.split(1, 1)
