import torch
t = torch.zeros(0)
r = t.view(2, -1)
