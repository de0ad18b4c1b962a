import torch
a = torch.arange(1, 9, dtype=torch.float64).view(4, 2, 1).transpose(2, 1)
c = a.norm()
