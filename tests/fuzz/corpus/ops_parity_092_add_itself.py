import torch
x = torch.arange(4)
x.add_(x)
