import torch
t = torch.tensor(2.)
r = torch.moveaxis(t, 0, 1)
