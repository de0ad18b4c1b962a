import torch
x = torch.arange(6.).view(2, 3)
len(x.max(1))
