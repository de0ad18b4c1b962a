import torch
t = torch.zeros(1, 0)
r = t.swapdims(0, -1)
