import torch
t = torch.ones(1)
r = t.flatten(0, -3)
