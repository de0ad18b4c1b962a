import torch
y = torch.zeros(3).view(torch.complex64)
