import torch
x = torch.arange(6).view(2, 3)
y = x.transpose(0, 2)
