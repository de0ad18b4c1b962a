import torch
v = torch.arange(3.)
y = v.adjoint()
