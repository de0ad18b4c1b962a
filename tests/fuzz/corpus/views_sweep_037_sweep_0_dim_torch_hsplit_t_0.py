import torch
t = torch.tensor(2.)
r = torch.hsplit(t, 0)
