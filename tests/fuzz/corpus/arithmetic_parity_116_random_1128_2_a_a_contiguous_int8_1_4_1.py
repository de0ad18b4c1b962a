import torch
a = torch.arange(1, 5, dtype=torch.int8).view(1, 4, 1)
c = 2 / a
