import torch
x = torch.arange(24.).view(2, 3, 4)
a, b, c, d = x.unbind(-1)
