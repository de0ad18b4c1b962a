import torch
x = torch.arange(3).view(1, 3)
t = torch.zeros(4, 3)
y = x.expand_as(t)
