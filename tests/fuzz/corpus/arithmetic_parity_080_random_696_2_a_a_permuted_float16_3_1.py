import torch
a = torch.arange(1, 4, dtype=torch.float16).view(3, 1).permute(0, 1)
c = 2 + a
