import torch
x = torch.arange(6).view(2, 3)
y = x.diagonal(0, 1, 1)
