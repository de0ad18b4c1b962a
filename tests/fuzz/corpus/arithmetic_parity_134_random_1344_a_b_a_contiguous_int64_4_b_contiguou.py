import torch
a = torch.arange(1, 5, dtype=torch.int64)
b = torch.arange(1, 5, dtype=torch.int64)
c = a | b
