import torch
t = torch.zeros(0, 1, 2)
r = t.unfold(1, 1, 1)
