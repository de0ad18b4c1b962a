import torch
x = torch.arange(40, dtype=torch.int64).view(5, 4, 2)
t1 = x.contiguous()
t1.add_(torch.arange(8).view(4, 2).to(torch.int64))
t2 = t1.expand(5, 4, 2)
x
