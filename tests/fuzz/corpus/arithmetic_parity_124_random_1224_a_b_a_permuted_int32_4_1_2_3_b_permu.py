import torch
a = torch.arange(1, 25, dtype=torch.int32).view(2, 1, 3, 4).permute(3, 1, 0, 2)
b = torch.arange(1, 7, dtype=torch.int32).view(1, 2, 1, 3).permute(0, 2, 1, 3)
c = a - b
