import torch
a = torch.arange(1, 7, dtype=torch.int16).view(2, 3)[:, ::3]
b = torch.arange(1, 3, dtype=torch.int16).view(1, 2).permute(1, 0)
c = a & b
