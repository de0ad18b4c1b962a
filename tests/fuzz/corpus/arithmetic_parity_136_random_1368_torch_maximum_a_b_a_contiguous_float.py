import torch
a = torch.arange(1, 10, dtype=torch.float64).view(3, 3)
b = torch.arange(1, 19, dtype=torch.float64).view(6, 3)[::2]
c = torch.maximum(a, b)
