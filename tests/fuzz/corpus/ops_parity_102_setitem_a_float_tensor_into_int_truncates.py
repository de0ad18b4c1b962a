import torch
x = torch.arange(5)
x[0:2] = torch.tensor([1.5, -2.5])
x
