import torch
o = torch.zeros(2)
x = torch.arange(6.).view(2, 3).t()
torch.add(x, 1, out=o)
o
