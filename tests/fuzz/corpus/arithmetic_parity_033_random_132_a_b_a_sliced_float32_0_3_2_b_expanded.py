import torch
a = torch.arange(0, dtype=torch.float32).view(0, 3, 6)[:, :, ::3]
b = torch.arange(1, 4, dtype=torch.float32).view(3, 1).expand(3, 2)
c = a ** b
