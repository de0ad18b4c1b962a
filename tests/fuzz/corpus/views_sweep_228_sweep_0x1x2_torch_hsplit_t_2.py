import torch
t = torch.zeros(0, 1, 2)
r = torch.hsplit(t, 2)
