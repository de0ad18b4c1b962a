import torch
x = torch.arange(3)
x.add_(1.5)
