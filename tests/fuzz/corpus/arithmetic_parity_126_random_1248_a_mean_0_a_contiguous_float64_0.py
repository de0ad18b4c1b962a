import torch
a = torch.arange(0, dtype=torch.float64)
c = a.mean(0)
