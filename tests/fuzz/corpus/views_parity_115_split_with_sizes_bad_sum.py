import torch
v = torch.arange(3)
r = torch.split_with_sizes(v, [1, 1])
