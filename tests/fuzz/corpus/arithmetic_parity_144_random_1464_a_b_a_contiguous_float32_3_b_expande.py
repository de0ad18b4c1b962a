import torch
a = torch.arange(1, 4, dtype=torch.float32)
b = torch.arange(1, 2, dtype=torch.float32).expand(3)
c = a // b
