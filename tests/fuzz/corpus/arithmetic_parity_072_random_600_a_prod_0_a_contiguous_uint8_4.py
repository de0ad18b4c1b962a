import torch
a = torch.arange(1, 5, dtype=torch.uint8)
c = a.prod(0)
