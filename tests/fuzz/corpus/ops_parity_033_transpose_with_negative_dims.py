import torch
x = torch.arange(24).reshape(2, 3, 4)
y = x.transpose(-1, -3)
