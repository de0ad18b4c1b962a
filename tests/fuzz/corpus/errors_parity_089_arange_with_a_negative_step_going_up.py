import torch
x = torch.arange(0, 5, -1)
