import torch
a = torch.arange(1, 13, dtype=torch.uint8).view(2, 3, 2)
c = a.double()
