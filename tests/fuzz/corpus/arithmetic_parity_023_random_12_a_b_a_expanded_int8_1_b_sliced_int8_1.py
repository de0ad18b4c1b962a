import torch
a = torch.arange(1, 2, dtype=torch.int8).expand(1)
b = torch.arange(1, 4, dtype=torch.int8)[::3]
c = a ** b
