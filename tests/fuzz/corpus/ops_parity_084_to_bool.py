import torch
x = torch.arange(-1, 3)
y = x.to(torch.bool)
