import torch
a = torch.arange(1, 2, dtype=torch.int8)
b = torch.arange(1, 2, dtype=torch.int8).expand(2)
c = a & b
