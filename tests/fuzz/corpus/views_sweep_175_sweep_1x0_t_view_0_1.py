import torch
t = torch.zeros(1, 0)
r = t.view(0, -1)
