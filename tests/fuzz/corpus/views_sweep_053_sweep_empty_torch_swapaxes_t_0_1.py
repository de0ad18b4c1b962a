import torch
t = torch.zeros(0)
r = torch.swapaxes(t, 0, -1)
