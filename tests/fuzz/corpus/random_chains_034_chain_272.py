import torch
x = torch.arange(-1, 79, dtype=torch.float64).reshape(4, 4, 5)
t1 = x.narrow(0, 4, 0)
t2 = t1.flatten(3, 2)
