import torch
t = torch.zeros(0)
r = t.swapdims(0, 1)
