import torch
a = torch.arange(1, 4, dtype=torch.uint8).view(1, 1, 3).permute(0, 2, 1)
c = 3 - a
