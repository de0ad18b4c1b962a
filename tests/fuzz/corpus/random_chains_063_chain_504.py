import torch
x = torch.arange(8, dtype=torch.int64).view(2, 2, 2, 1)
t1 = x.narrow(3, 0, 0)
