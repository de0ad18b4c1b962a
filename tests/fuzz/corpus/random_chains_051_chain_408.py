import torch
x = torch.arange(9, dtype=torch.int64).view(3, 3)
t1 = x.to(torch.int16)
t2 = x[-1, :]
t3 = t2.flatten()
