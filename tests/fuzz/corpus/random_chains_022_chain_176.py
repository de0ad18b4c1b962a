import torch
x = torch.arange(36, dtype=torch.int8).view(3, 4, 3)
x.mul_(-3)
t1 = x.permute(1, -1, 0)
x.copy_(torch.arange(12).view(4, 3).to(torch.int8))
x
