import torch
a = (torch.arange(0).view(0, 1) % 2 == 0).transpose(1, 0)
c = a.sum()
