import torch
a = torch.arange(1, 4, dtype=torch.int8)
b = torch.tensor(2, dtype=torch.float64)
c = a - b
