import torch
x = torch.ones(3, 1)
y = x.expand(3, 2)
y.mul_(2)
