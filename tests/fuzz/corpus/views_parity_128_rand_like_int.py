import torch
a = torch.arange(3)
y = torch.rand_like(a)
