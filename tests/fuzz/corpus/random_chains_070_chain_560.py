import torch
x = torch.arange(5, 7, dtype=torch.float64).reshape(1, 2)
x.add_(0.5)
x
