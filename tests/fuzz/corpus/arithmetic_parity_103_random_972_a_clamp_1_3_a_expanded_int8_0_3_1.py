import torch
a = torch.arange(0, dtype=torch.int8).view(0, 3, 1).expand(0, 3, 1)
c = a.clamp(1, 3)
