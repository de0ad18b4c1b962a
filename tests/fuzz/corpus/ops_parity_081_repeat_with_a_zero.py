import torch
x = torch.arange(3)
y = x.repeat(0)
