import torch
x = torch.arange(6)
y = x.unflatten(1, (2, 3))
