import torch
a = torch.arange(6).view(2, 3).t()
c = torch.stack([a, a])
