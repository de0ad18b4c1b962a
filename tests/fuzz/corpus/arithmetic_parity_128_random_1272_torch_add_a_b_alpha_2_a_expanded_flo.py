import torch
a = torch.arange(1, 10, dtype=torch.float64).view(3, 3, 1, 1).expand(3, 3, 2, 1)
b = torch.arange(1, 19, dtype=torch.float64).view(3, 3, 2, 1)
c = torch.add(a, b, alpha=2)
