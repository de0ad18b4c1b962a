import torch
a = torch.arange(1, 7, dtype=torch.float16).view(3, 1, 2).transpose(1, 2)
b = torch.arange(1, 13, dtype=torch.bfloat16).view(3, 2, 2).permute(0, 2, 1)
c = a < b
