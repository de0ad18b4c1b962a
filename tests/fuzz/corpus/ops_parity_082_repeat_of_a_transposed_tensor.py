import torch
x = torch.arange(6).view(2, 3).t()
y = x.repeat(1, 2)
