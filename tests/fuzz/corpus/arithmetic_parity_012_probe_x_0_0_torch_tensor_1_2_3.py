import torch
x = torch.arange(6.).view(2, 3)
x[[0, 0]] = torch.tensor([1., 2., 3.])
