import torch
x = torch.arange(6)
a, b = x.split([2, 3])
