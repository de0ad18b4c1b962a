import torch
t = torch.arange(16.).view(4, 4)
a, b = torch.hsplit(t, 2)
