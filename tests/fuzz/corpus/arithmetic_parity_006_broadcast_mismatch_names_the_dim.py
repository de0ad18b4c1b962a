import torch
a = torch.ones(2, 3)
b = torch.ones(3, 1, 1)
c = torch.ones(5, 1, 1, 1)
a * b
b - c
