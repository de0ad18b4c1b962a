import torch
a = torch.arange(1, 2, dtype=torch.int8).view(1, 1, 1).permute(2, 0, 1)
b = torch.tensor(2, dtype=torch.int8)
c = a * b
