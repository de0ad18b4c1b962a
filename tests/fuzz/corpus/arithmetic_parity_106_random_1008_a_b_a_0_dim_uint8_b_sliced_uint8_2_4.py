import torch
a = torch.tensor(2, dtype=torch.uint8)
b = torch.arange(1, 25, dtype=torch.uint8).view(2, 12)[:, ::3]
c = a * b
