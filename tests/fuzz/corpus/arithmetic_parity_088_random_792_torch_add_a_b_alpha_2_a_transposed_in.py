import torch
a = torch.arange(1, 25, dtype=torch.int16).view(3, 4, 2).transpose(0, 2)
b = torch.arange(1, 49, dtype=torch.int32).view(4, 1, 4, 3).expand(4, 2, 4, 3)
c = torch.add(a, b, alpha=2)
