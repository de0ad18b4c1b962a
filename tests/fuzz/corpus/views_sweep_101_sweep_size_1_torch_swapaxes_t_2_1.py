import torch
t = torch.ones(1)
r = torch.swapaxes(t, 2, -1)
