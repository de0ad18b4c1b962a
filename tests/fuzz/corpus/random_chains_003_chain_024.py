import torch
x = torch.arange(4, dtype=torch.float64).view(2, 1, 2)
t1 = x[1, ::3, 3:]
t1.add_(0.1)
x
