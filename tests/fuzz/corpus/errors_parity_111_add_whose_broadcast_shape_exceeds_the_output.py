import torch
x = torch.zeros(3, 1)
x.add_(torch.ones(3))
