import torch
t = torch.zeros(0)
r = t.transpose(-3, 0)
