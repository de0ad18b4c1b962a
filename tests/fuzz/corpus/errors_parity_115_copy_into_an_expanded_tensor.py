import torch
x = torch.arange(4).view(1, 4)
y = x.expand(3, 4)
y.copy_(torch.zeros(3, 4))
