import torch
t = torch.zeros(0)
r = t.unfold(1, 1, 1)
