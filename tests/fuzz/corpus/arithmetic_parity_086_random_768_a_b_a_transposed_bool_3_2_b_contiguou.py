import torch
a = (torch.arange(6).view(2, 3) % 3 == 0).transpose(0, 1)
b = (torch.arange(3).view(3, 1) % 3 == 0)
c = a * b
