import torch
a = torch.arange(1, 9, dtype=torch.int16).view(4, 2)[::2]
b = torch.arange(1, 5, dtype=torch.float32).view(2, 2).transpose(1, 0)
c = torch.where(a > 1, a, b)
