import torch
a = torch.arange(1, 4, dtype=torch.int16).view(3, 1)
c = a.sum(dtype=torch.float64)
