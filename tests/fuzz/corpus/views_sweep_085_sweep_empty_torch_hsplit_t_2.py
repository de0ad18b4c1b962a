import torch
t = torch.zeros(0)
r = torch.hsplit(t, 2)
