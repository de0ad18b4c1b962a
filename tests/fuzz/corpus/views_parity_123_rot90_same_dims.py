import torch
m = torch.arange(6.).view(2, 3)
y = torch.rot90(m, 1, [0, 0])
