import torch
x = torch.arange(8).view(1, 2, 4).to(torch.bfloat16)
x.zero_()
t1 = x.select(2, -4)
t2 = t1.view(3)
