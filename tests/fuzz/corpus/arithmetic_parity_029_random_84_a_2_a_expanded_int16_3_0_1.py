import torch
a = torch.arange(1, 4, dtype=torch.int16).view(3, 1, 1).expand(3, 0, 1)
c = a // 2
