import torch
x = torch.arange(3)
x.add_(torch.arange(3), alpha=2.5)
