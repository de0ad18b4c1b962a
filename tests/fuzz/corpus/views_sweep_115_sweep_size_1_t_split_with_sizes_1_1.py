import torch
t = torch.ones(1)
r = t.split_with_sizes([1], 1)
