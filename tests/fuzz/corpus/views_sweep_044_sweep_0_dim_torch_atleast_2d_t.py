import torch
t = torch.tensor(2.)
r = torch.atleast_2d(t)
