import torch
x = torch.arange(-3, 3)
