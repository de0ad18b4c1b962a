import torch
x = torch.arange(12).view(3, 4)
y = x.select(-1, -1)
