import torch
a = torch.arange(1, 25, dtype=torch.bfloat16).view(6, 4)[::3]
b = torch.arange(1, 9, dtype=torch.bfloat16).view(2, 4)
c = torch.minimum(a, b)
