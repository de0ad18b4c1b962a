import torch
a = torch.arange(1, 5, dtype=torch.float64).view(4, 1).permute(0, 1)
c = torch.trunc(a)
