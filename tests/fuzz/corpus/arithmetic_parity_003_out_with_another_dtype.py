import torch
o = torch.zeros(3, dtype=torch.int8)
torch.add(torch.arange(3), 1, out=o)
o
