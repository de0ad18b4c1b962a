import torch
x = torch.arange(16, dtype=torch.float16).view(4, 2, 2)
t1 = x.contiguous()
t1.mul_(torch.ones(3))
