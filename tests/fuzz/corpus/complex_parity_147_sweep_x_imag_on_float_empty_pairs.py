import torch
x = torch.zeros(0, 2)
y = x.imag
