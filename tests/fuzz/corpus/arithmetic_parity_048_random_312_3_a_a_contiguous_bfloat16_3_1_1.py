import torch
a = torch.arange(1, 4, dtype=torch.bfloat16).view(3, 1, 1)
c = 3 - a
