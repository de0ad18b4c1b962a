import torch
a = torch.arange(1, 7, dtype=torch.float16)[::2]
b = torch.arange(1, 13, dtype=torch.float16).view(4, 1, 3)
c = a * b
