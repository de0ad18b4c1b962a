import torch
x = torch.arange(24.).view(2, 3, 4)
y = torch.ones_like(x.permute(2, 0, 1))
