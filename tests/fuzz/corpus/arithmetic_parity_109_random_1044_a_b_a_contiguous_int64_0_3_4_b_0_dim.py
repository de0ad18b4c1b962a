import torch
a = torch.arange(0, dtype=torch.int64).view(0, 3, 4)
b = torch.tensor(-1, dtype=torch.int16)
c = a * b
