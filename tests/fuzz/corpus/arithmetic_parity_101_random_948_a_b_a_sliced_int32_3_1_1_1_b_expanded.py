import torch
a = torch.arange(1, 7, dtype=torch.int32).view(6, 1, 1, 1)[::2]
b = torch.arange(1, 2, dtype=torch.int32).view(1, 1, 1, 1).expand(3, 1, 1, 1)
c = a < b
