import torch
a = torch.arange(1, 4, dtype=torch.bfloat16).view(1, 1, 3).expand(1, 3, 3)
b = torch.arange(1, 19, dtype=torch.bfloat16).view(2, 3, 3)[::2]
c = a / b
