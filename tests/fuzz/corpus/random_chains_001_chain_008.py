import torch
x = torch.arange(4, dtype=torch.float64).view(4)
t1 = x[...]
t2 = t1.to(torch.uint8)
