import torch
x = torch.ones(2, 2, dtype=torch.bool)
t1 = x.transpose(-2, -1)
t2 = t1.flatten(2, 1)
