import torch
x = torch.arange(24).view(4, 6)
y = x[:, 2:4]
z = y.view(4, 2, 1)
