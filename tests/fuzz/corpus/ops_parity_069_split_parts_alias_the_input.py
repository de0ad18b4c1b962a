import torch
x = torch.arange(6)
a, b = x.split(3)
b.fill_(0)
x
