import torch
a = torch.arange(1, 3, dtype=torch.float64)[::2]
b = torch.arange(1, 2, dtype=torch.float16).expand(1)
c = torch.where(a > 1, a, b)
