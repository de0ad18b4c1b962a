import torch
x = torch.ones(2, 3)
x.sum((1, -1))
