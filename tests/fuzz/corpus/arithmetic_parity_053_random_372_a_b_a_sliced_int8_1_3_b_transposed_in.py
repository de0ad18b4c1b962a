import torch
a = torch.arange(1, 7, dtype=torch.int8).view(2, 3)[::2]
b = torch.arange(1, 2, dtype=torch.int8).view(1, 1).transpose(1, 0)
c = a < b
