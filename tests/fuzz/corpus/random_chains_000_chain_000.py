import torch
x = torch.arange(4).view(2, 1, 2, 1).to(torch.uint8)
t1, t2 = x.split([1, 0], dim=-3)
t3 = t2[-3:1:3, ...]
t4 = t3.narrow(-2, 1, 1)
