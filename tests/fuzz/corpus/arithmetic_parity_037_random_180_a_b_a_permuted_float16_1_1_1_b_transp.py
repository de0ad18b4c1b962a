import torch
a = torch.arange(1, 2, dtype=torch.float16).view(1, 1, 1).permute(2, 1, 0)
b = torch.arange(1, 2, dtype=torch.float16).view(1, 1, 1).transpose(0, 1)
c = a * b
