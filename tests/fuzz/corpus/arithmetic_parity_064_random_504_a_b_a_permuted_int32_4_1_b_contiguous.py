import torch
a = torch.arange(1, 5, dtype=torch.int32).view(4, 1).permute(0, 1)
b = torch.arange(1, 5, dtype=torch.bfloat16).view(4, 1)
c = a % b
