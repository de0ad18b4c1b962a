import torch
t = torch.zeros(0)
r = t.flatten(0, 2)
