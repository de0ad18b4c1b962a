import torch
x = torch.arange(6)
y = x.flip(0, 0)
