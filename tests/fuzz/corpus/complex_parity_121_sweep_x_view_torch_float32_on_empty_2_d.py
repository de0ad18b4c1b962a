import torch
x = torch.zeros(0, 3, dtype=torch.complex128)
y = x.view(torch.float32)
