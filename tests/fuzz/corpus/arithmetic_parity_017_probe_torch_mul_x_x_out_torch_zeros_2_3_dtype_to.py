import torch
x = torch.arange(6.).view(2, 3)
torch.mul(x, x, out=torch.zeros(2, 3, dtype=torch.int64))
