import torch
x = torch.arange(12, dtype=torch.int64).view(2, 2, 1, 3)
t1 = x.permute(3, 0, 1, -2)
t2 = t1.repeat(1, 3, 2, 1)
t3 = t2.transpose(1, 0)
t4 = t3[::2, -2, :]
