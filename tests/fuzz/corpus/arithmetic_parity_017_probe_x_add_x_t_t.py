import torch
x = torch.arange(6.).view(2, 3)
x.add_(x.t().t())
