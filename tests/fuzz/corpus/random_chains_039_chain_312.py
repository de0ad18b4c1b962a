import torch
x = torch.arange(0, dtype=torch.float16).view(3, 2, 2, 0)
t1 = x.to(torch.int32)
t2 = t1.to(torch.uint8)
t3 = t2.view(0)
