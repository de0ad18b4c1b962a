import torch
x = torch.arange(16, dtype=torch.int16).view(2, 4, 2)
t1 = x.unfold(1, 0, 0)
