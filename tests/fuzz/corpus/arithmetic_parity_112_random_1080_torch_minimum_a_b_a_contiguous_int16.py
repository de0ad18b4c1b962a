import torch
a = torch.arange(1, 3, dtype=torch.int16).view(1, 2)
b = torch.arange(1, 3, dtype=torch.int16).view(2, 1).permute(1, 0)
c = torch.minimum(a, b)
