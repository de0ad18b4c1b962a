import torch
x = torch.arange(3)
x.add_(torch.ones(2, dtype=torch.int64))
