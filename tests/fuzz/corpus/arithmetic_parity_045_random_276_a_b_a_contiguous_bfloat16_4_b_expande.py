import torch
a = torch.arange(1, 5, dtype=torch.bfloat16)
b = torch.arange(1, 2, dtype=torch.int64).expand(4)
c = a - b
