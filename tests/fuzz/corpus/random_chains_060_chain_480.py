import torch
x = torch.arange(80, dtype=torch.uint8).view(4, 4, 5)
t1 = x.narrow(-3, 4, 0)
