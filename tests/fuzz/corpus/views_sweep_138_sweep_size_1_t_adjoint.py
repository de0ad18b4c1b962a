import torch
t = torch.ones(1)
r = t.adjoint()
