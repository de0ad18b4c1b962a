import torch
x = torch.arange(20).view(2, 2, 5).to(torch.int8)
x[:3:2, :0, :, None] = 2
t1 = x.transpose(-1, -3)
t2 = t1.view(2, 10)
