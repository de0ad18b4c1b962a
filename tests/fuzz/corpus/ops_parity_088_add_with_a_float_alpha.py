import torch
x = torch.zeros(3)
x.add_(torch.arange(3), alpha=0.5)
