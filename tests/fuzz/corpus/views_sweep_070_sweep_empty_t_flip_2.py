import torch
t = torch.zeros(0)
r = t.flip([2])
