import torch
a = (torch.arange(24).view(4, 3, 2) % 2 == 0).permute(2, 0, 1)
c = a.logical_not()
