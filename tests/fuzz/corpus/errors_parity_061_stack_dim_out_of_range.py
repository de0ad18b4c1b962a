import torch
a = torch.arange(3)
b = torch.arange(3)
c = torch.stack([a, b], dim=3)
