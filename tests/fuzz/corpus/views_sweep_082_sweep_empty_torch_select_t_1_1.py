import torch
t = torch.zeros(0)
r = torch.select(t, -1, -1)
