import torch
a = torch.arange(1, 10, dtype=torch.int64)[::3]
b = torch.arange(1, 10, dtype=torch.int32)[::3]
c = torch.add(a, b, alpha=2)
