import torch
x = torch.arange(4).view(2, 1, 2).to(torch.int16)
t1 = x.to(torch.bfloat16)
t2 = t1.contiguous()
t2.zero_()
x
