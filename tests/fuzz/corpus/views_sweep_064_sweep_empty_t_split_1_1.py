import torch
t = torch.zeros(0)
r = t.split(1, 1)
