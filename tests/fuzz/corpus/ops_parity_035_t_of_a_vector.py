import torch
x = torch.arange(3)
y = x.t()
