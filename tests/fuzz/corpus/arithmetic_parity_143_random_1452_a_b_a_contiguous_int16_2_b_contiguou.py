import torch
a = torch.arange(1, 3, dtype=torch.int16)
b = torch.arange(1, 3, dtype=torch.int8)
c = a | b
