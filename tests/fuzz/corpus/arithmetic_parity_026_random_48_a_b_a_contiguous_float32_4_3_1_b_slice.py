import torch
a = torch.arange(1, 13, dtype=torch.float32).view(4, 3, 1)
b = torch.arange(1, 4, dtype=torch.float32).view(3, 1, 1)[::3]
c = a >= b
