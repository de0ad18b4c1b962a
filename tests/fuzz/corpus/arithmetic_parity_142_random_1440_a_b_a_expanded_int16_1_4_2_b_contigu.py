import torch
a = torch.arange(1, 3, dtype=torch.int16).view(1, 1, 2).expand(1, 4, 2)
b = torch.arange(1, 17, dtype=torch.int32).view(2, 4, 2)
c = a >= b
