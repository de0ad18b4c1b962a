import torch
x = torch.arange(24.).view(2, 3, 4)
r = torch.dsplit(x, 3)
