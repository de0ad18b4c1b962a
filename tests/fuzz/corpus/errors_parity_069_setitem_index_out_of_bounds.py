import torch
x = torch.arange(6)
x[6] = 1
