import torch
t = torch.ones(1)
r = t.transpose_(2, 0)
