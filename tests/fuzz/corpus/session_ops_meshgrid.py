import torch
a = torch.arange(3)
b = torch.arange(2)
gx, gy = torch.meshgrid(a, b, indexing='xy')
g = torch.meshgrid([torch.tensor(5), a], indexing='ij')
