import torch
t = torch.ones(1)
r = t.repeat(0)
