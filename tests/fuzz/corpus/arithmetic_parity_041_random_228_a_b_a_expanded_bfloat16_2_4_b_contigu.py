import torch
a = torch.arange(1, 3, dtype=torch.bfloat16).view(2, 1).expand(2, 4)
b = torch.arange(1, 9, dtype=torch.bfloat16).view(2, 4)
c = a ** b
