import torch
x = torch.arange(3)
y = x * 2.5
