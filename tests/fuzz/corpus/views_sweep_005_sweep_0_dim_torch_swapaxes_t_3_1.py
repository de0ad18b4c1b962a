import torch
t = torch.tensor(2.)
r = torch.swapaxes(t, -3, -1)
