import torch
a = torch.arange(1, 13, dtype=torch.int64).view(3, 2, 2).permute(0, 2, 1)
b = torch.arange(1, 13, dtype=torch.int64).view(2, 3, 2).transpose(1, 0)
c = a & b
