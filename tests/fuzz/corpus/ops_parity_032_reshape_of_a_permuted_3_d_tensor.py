import torch
x = torch.arange(24).view(2, 3, 4).permute(1, 0, 2)
y = x.reshape(3, 8)
