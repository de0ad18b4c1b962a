import torch
a = torch.arange(1, 5, dtype=torch.int16).view(4, 1, 1).expand(4, 3, 1)
c = torch.zeros_like(a)
