import torch
t = torch.ones(1)
r = t.transpose(0, 0)
