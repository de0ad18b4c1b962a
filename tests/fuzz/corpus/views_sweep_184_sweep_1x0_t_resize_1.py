import torch
t = torch.zeros(1, 0)
r = t.resize_(-1)
