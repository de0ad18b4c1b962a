import torch
a = (torch.arange(2).view(1, 2, 1) % 3 == 0).transpose(0, 1)
b = (torch.arange(2).view(1, 1, 2) % 3 == 0).transpose(2, 0)
c = a == b
