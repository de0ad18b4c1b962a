import torch
t = torch.zeros(1, 0)
r = t.split(1, -1)
