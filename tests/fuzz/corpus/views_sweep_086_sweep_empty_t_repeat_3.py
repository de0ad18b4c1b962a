import torch
t = torch.zeros(0)
r = t.repeat(-3)
