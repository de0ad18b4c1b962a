import torch
a = torch.arange(1, 4, dtype=torch.float32).view(3, 1)[::3]
b = torch.arange(1, 2, dtype=torch.float32).view(1, 1).permute(0, 1)
c = a ** b
