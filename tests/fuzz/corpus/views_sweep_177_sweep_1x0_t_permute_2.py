import torch
t = torch.zeros(1, 0)
r = t.permute(2)
