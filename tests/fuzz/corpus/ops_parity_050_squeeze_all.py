import torch
x = torch.arange(6).view(1, 2, 1, 3, 1)
y = x.squeeze()
