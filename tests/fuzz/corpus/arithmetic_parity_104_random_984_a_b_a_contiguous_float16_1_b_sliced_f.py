import torch
a = torch.arange(1, 2, dtype=torch.float16)
b = torch.arange(1, 3, dtype=torch.float16)[::2]
c = a ** b
