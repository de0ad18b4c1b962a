import torch
a = torch.arange(1, 9, dtype=torch.float16).view(1, 4, 2).permute(1, 0, 2)
c = a - 1
