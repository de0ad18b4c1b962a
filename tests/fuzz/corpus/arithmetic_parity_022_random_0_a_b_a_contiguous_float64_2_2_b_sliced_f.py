import torch
a = torch.arange(1, 5, dtype=torch.float64).view(2, 2)
b = torch.arange(1, 9, dtype=torch.float64).view(4, 2)[::2]
c = a * b
