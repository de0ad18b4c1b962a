import torch
a = torch.arange(1, 2, dtype=torch.int32).view(1, 1).expand(1, 1)
b = torch.arange(1, 7, dtype=torch.int16).view(2, 3).permute(1, 0)
c = a == b
