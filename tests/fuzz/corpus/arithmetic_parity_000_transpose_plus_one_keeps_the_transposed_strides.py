import torch
x = torch.arange(6.).view(2, 3)
y = x.t() + 1
z = y.view(6)
