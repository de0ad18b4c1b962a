import torch
a = torch.arange(1, 33, dtype=torch.int16).view(4, 2, 4, 1).expand(4, 2, 4, 4)
c = a & 1
