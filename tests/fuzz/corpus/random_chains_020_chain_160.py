import torch
x = torch.arange(40, dtype=torch.float64).view(2, 5, 4)
t1 = x.diagonal(1, -1, 0)
t2 = t1.reshape(5, 1)
t3 = t2.transpose(-3, 0)
