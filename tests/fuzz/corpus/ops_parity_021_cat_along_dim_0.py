import torch
a = torch.arange(6).view(2, 3)
b = torch.arange(3).view(1, 3)
c = torch.cat([a, b])
