import torch
a = torch.arange(0, dtype=torch.float64).view(4, 1, 0).transpose(0, 2)
b = torch.arange(0, dtype=torch.float64).view(0, 1, 8)[:, :, ::2]
c = a - b
