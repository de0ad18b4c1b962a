import torch
x = torch.arange(12).view(3, 4).t()
a = x[[0, 2]]
b = x[:, [0, 1]]
