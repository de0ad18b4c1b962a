import torch
a = torch.arange(3)
b = torch.arange(3)
c = torch.cat([a, b], 1)
