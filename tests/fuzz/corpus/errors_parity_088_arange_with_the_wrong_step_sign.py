import torch
x = torch.arange(10, 0, 1)
