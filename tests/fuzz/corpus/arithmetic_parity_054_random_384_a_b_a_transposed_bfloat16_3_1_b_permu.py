import torch
a = torch.arange(1, 4, dtype=torch.bfloat16).view(1, 3).transpose(1, 0)
b = torch.arange(1, 10, dtype=torch.bfloat16).view(3, 3).permute(1, 0)
c = a * b
