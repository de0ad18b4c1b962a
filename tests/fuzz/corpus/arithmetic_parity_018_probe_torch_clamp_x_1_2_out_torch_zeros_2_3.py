import torch
x = torch.arange(6.).view(2, 3)
torch.clamp(x, 1, 2, out=torch.zeros(2, 3))
