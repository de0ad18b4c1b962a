import torch
a = torch.arange(6).view(2, 3).t()
c = torch.cat([a, a], 1)
