import torch
t = torch.zeros(0)
r = t.squeeze_(-3)
