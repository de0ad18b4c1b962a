import torch
x = torch.arange(1, 21, dtype=torch.int8).reshape(5, 4)
x.mul_(1)
t1 = x.unfold(0, 4, 1)
t2 = t1.contiguous()
t1[1:, -4] = 2
x
