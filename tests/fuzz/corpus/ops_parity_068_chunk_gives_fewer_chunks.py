import torch
x = torch.arange(6)
a, b, c = x.chunk(4)
