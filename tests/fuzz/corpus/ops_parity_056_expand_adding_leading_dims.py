import torch
x = torch.arange(3)
y = x.expand(2, 2, 3)
