import torch
x = torch.arange(12).view(3, 4)
a, b = x.split(2, 1)
