import torch
x = torch.arange(4, dtype=torch.bool)
