import torch
x = torch.ones(3, 1, 4, dtype=torch.bool)
t1 = x.diagonal(-3)
