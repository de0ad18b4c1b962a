import torch
a = torch.arange(1, 10, dtype=torch.float32)[::3]
c = a.min(0)
