import torch
a = torch.arange(1, 17, dtype=torch.int16).view(4, 2, 2).transpose(1, 2)
c = a & 1
