import torch
t = torch.zeros(1, 0)
r = torch.hsplit(t, 0)
