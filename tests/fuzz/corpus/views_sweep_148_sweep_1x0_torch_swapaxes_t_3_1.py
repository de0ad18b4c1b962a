import torch
t = torch.zeros(1, 0)
r = torch.swapaxes(t, -3, -1)
