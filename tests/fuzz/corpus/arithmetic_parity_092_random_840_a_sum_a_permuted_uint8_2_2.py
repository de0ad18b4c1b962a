import torch
a = torch.arange(1, 5, dtype=torch.uint8).view(2, 2).permute(0, 1)
c = a.sum()
