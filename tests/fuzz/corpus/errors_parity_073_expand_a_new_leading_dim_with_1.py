import torch
x = torch.arange(3)
y = x.expand(-1, 3)
