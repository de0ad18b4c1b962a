import torch
x = torch.zeros(2)
x[0] = 1j
