import torch
x = torch.ones(3)
x.add_(torch.ones(2, 3))
