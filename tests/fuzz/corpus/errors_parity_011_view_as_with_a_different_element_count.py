import torch
x = torch.arange(6)
t = torch.zeros(4)
y = x.view_as(t)
