import torch
y = torch.imag(torch.ones(2))
