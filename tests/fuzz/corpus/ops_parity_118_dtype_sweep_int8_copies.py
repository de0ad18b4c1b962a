import torch
x = torch.arange(6).view(2, 3).to(torch.int8)
a = x.flip(1)
b = x.repeat(1, 2)
c = x.t().clone()
d = x.expand(2, 2, 3).reshape(12)
