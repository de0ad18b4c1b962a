import torch
x = torch.arange(6.).view(2, 3)
torch.sqrt(x, out=torch.zeros(2, 3, dtype=torch.float64))
