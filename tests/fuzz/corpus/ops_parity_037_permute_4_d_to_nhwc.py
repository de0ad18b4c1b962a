import torch
x = torch.arange(24).view(1, 2, 3, 4)
y = x.permute(0, 2, 3, 1)
