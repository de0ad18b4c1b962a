import torch
a = torch.arange(1, 3, dtype=torch.int32).view(2, 1).permute(1, 0)
c = a.reciprocal()
