import torch
x = torch.arange(3).view(3, 1)
y = x.expand(3, -2)
