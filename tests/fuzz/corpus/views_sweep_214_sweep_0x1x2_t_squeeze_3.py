import torch
t = torch.zeros(0, 1, 2)
r = t.squeeze_(-3)
