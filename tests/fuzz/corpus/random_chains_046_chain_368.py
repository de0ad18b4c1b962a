import torch
x = torch.arange(12, dtype=torch.float32).view(3, 4)
t1 = x.unfold(0, 0, 0)
