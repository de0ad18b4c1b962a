import torch
x = torch.arange(3).expand(2, 3)
y = x.flatten()
