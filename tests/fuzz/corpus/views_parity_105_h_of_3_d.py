import torch
x = torch.arange(24.).view(2, 3, 4)
y = x.H
