import torch
a = torch.arange(1, 7, dtype=torch.float64).view(2, 3).permute(0, 1)
c = a - 1
