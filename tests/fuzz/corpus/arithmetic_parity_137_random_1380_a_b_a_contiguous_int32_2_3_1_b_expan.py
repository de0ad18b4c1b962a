import torch
a = torch.arange(1, 7, dtype=torch.int32).view(2, 3, 1)
b = torch.arange(1, 3, dtype=torch.int32).view(2, 1, 1).expand(2, 3, 1)
c = a % b
