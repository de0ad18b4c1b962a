import torch
a = (torch.arange(4).view(2, 2) % 3 == 0).transpose(0, 1)
c = a == 2
