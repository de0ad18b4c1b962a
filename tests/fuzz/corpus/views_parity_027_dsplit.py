import torch
t = torch.arange(16.).view(2, 2, 4)
a, b = torch.dsplit(t, 2)
