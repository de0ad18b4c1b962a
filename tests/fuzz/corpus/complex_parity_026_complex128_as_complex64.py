import torch
x = torch.zeros(2, dtype=torch.complex128)
y = x.view(torch.complex64)
