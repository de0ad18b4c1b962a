import torch
t = torch.zeros(1, 0)
r = torch.rot90(t, 1, [1, 0])
