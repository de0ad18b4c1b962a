import torch
x = torch.arange(80, dtype=torch.int64).view(4, 5, 4)
t1 = x.flatten()
