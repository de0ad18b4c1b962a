import torch
t = torch.zeros(0, 1, 2)
r = torch.swapaxes(t, 0, -1)
