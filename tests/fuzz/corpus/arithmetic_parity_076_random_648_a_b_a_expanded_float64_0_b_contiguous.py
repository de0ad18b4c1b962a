import torch
a = torch.arange(1, 2, dtype=torch.float64).expand(0)
b = torch.arange(0, dtype=torch.float64)
c = a / b
