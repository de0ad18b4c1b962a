import torch
a = torch.arange(1, 5, dtype=torch.float64).view(1, 2, 2).permute(2, 1, 0)
c = a.mean(0)
