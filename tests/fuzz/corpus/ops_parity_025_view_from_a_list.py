import torch
x = torch.arange(12)
y = x.view([2, 6])
