import torch
x = torch.arange(8).view(4, 2).to(torch.bool)
x[None, :, None, :, None] = False
t1 = x.diagonal(-1, -1, 0)
t2 = t1.narrow(-1, 0, 1)
x
