import torch
t = torch.tensor(2.)
r = torch.cat([t, t], -3)
