import torch
x = torch.arange(6)
y = x.add_(1)
z = y.mul_(2)
