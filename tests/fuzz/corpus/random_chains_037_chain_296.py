import torch
x = torch.arange(0).view(3, 0, 3).to(torch.float16)
t1 = x.unflatten(1, (1, 1))
