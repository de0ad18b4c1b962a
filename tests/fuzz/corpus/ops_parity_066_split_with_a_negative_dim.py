import torch
x = torch.arange(12).view(2, 6)
a, b = x.split(3, dim=-1)
