import torch
t = torch.zeros(0)
r = t.select(0, 0)
