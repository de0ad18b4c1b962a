import torch
t = torch.zeros(0)
r = t.transpose_(0, 0)
