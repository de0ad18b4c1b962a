import torch
a = torch.arange(1, 2, dtype=torch.int8)
c = a.sum()
