import torch
m = torch.arange(6.).view(2, 3)
y = torch.moveaxis(m, [0, 0], [0, 1])
