import torch
m = torch.arange(6.).view(2, 3)
y = torch.full_like(m, 7)
