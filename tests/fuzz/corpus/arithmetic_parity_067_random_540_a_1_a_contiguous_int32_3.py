import torch
a = torch.arange(1, 4, dtype=torch.int32)
c = a & 1
