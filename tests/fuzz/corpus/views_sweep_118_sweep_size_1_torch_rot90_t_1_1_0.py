import torch
t = torch.ones(1)
r = torch.rot90(t, 1, [-1, 0])
