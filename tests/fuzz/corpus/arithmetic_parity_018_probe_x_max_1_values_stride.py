import torch
x = torch.arange(6.).view(2, 3)
x.max(1).values.stride()
