import torch
t = torch.tensor(2.)
r = t.stride(-1)
