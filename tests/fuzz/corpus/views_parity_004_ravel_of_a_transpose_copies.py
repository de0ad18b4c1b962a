import torch
x = torch.arange(24.).view(2, 3, 4)
y = x.transpose(0, 2).ravel()
