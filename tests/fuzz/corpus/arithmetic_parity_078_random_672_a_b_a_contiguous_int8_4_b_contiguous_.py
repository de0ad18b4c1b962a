import torch
a = torch.arange(1, 5, dtype=torch.int8)
b = torch.arange(1, 5, dtype=torch.int8)
c = a / b
