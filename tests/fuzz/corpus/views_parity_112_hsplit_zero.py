import torch
m = torch.arange(6.).view(2, 3)
r = torch.hsplit(m, 0)
