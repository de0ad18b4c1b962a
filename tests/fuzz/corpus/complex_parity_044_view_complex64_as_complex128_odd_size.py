import torch
y = torch.zeros(3, dtype=torch.complex64).view(torch.complex128)
