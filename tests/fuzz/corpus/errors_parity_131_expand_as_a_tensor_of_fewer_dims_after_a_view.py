import torch
x = torch.arange(6).view(1, 2, 3)
t = torch.zeros(2, 3)
y = x.expand_as(t)
