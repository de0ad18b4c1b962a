import torch
x = torch.ones(2, dtype=torch.complex128)
r = x.real
