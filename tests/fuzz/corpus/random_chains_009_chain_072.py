import torch
x = torch.arange(12, dtype=torch.int16).view(3, 4)
x.mul_(3)
t1 = x.clone()
t2 = t1.to(torch.bool)
t3 = t2.to(torch.int32)
x
