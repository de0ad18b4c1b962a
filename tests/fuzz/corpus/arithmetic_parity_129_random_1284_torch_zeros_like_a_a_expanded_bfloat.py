import torch
a = torch.arange(1, 3, dtype=torch.bfloat16).view(1, 2).expand(4, 2)
c = torch.zeros_like(a)
