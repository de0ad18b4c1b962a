import torch
a = torch.arange(1, 49, dtype=torch.uint8).view(1, 3, 4, 4).permute(2, 1, 3, 0).clone()
b = torch.arange(1, 13, dtype=torch.float64).view(1, 3, 4, 1).expand(4, 3, 4, 1)
c = a.mul_(b)
