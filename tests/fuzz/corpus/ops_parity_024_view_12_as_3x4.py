import torch
x = torch.arange(12)
y = x.view(3, 4)
