import torch
x = torch.arange(4)
y = x.unflatten(0, (1, 4))
