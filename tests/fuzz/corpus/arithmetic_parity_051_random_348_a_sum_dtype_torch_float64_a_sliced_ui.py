import torch
a = torch.arange(1, 13, dtype=torch.uint8)[::3]
c = a.sum(dtype=torch.float64)
