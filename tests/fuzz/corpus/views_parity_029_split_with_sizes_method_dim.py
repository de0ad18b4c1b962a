import torch
m = torch.arange(6.).view(2, 3)
a, b = m.split_with_sizes([2, 1], dim=1)
