import torch
x = torch.arange(15).view(5, 3).to(torch.int32)
t1 = x[-4, 0::2]
t2 = x.squeeze(1)
t3 = t2.contiguous()
