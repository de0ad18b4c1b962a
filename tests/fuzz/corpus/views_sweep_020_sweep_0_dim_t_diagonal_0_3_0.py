import torch
t = torch.tensor(2.)
r = t.diagonal(0, -3, 0)
