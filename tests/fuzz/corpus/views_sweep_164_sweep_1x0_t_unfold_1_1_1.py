import torch
t = torch.zeros(1, 0)
r = t.unfold(-1, 1, 1)
