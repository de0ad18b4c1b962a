import torch
x = torch.zeros(2, 3, dtype=torch.complex64)
