import torch
a = torch.arange(1, 193, dtype=torch.float16).view(4, 8, 2, 3)[:, ::2]
b = torch.arange(1, 97, dtype=torch.float16).view(4, 4, 2, 3)
c = a * b
