import torch
a = torch.arange(1, 13, dtype=torch.int16).view(1, 2, 2, 3)
c = a / 2
