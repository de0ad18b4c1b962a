import torch
x = torch.arange(24).view(2, 3, 4)
y = x.permute(-1, -3, -2)
