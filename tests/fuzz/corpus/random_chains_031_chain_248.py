import torch
x = torch.arange(4, dtype=torch.float32).view(4)
t1 = x.squeeze(-1)
t2 = t1.expand(5)
