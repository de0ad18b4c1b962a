import torch
x = torch.arange(12, dtype=torch.int8).view(4, 3)
t1 = x.clone()
t2 = t1.select(-1, -3)
t3 = t2.expand(2, 4)
