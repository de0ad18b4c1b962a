import torch
x = torch.arange(4).view(1, 4).to(torch.int8)
x.copy_(torch.arange(4).view(4).to(torch.int64))
t1 = x.flip((0, 1))
t1.fill_(2)
t2 = t1.narrow(-2, 1, 0)
x
