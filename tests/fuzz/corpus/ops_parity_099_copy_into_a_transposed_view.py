import torch
x = torch.zeros(2, 3)
x.t().copy_(torch.arange(6).view(3, 2))
x
