import torch
x = torch.arange(4).view(1, 4)
y = x.expand(3, 4)
y.add_(1)
