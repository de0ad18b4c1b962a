import torch
x = torch.arange(4, dtype=torch.uint8).view(4)
t1 = x.transpose(-1, 0)
t2 = t1.reshape([-1])
t3 = t2.expand(4)
