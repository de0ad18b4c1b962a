import torch
a = torch.arange(1, 10, dtype=torch.int32).view(9, 1)[::3].clone()
b = torch.arange(1, 4, dtype=torch.int16).view(3, 1).expand(3, 1)
a += b
a
