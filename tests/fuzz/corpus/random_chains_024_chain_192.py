import torch
x = torch.arange(0, dtype=torch.uint8).view(3, 3, 2, 0)
t1 = x.transpose(3, -1)
t2 = t1.view((1, 0))
t3 = t2.flatten(1, 1)
t4 = t3.expand(1, 1)
