import torch
x = torch.arange(3)
x.add_(torch.ones(3))
