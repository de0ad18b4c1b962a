import torch
x = torch.arange(4, dtype=torch.int32).view(1, 1, 2, 2)
t1 = x.select(-1, -2)
t2 = t1.squeeze()
t3 = t1.permute((0, 1, -1))
