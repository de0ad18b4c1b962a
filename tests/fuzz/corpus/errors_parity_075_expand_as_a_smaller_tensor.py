import torch
x = torch.arange(6).view(2, 3)
t = torch.zeros(3)
y = x.expand_as(t)
