import torch
x = torch.zeros(2,3)
y = x[None, ..., None, ..., 0]
