import torch
t = torch.ones(1)
r = t.permute(0)
