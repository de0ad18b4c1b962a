import torch
x = torch.arange(5)
x[1:].copy_(x[:-1])
