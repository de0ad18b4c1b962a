import torch
x = torch.arange(6)
a, b = x.chunk(2, dim=-2)
