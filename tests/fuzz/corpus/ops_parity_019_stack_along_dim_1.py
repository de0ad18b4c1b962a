import torch
a = torch.arange(3)
b = torch.arange(3, 6)
c = torch.stack([a, b], dim=1)
