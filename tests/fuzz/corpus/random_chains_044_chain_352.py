import torch
x = torch.arange(4, dtype=torch.uint8).view(4)
t1 = x[5]
