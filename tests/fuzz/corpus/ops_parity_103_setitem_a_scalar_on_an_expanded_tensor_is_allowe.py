import torch
x = torch.arange(3).view(1, 3)
y = x.expand(2, 3)
y[0] = 5
x
