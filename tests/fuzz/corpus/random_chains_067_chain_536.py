import torch
x = torch.arange(4).view(2, 2).to(torch.float32)
t1 = x.contiguous()
