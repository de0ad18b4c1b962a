import torch
a = torch.arange(1, 97, dtype=torch.int64).view(4, 4, 2, 3).transpose(3, 2)
b = torch.arange(1, 97, dtype=torch.int64).view(2, 4, 3, 4).permute(1, 3, 2, 0)
c = a & b
