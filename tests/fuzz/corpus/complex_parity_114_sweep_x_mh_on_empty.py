import torch
x = torch.zeros(0, dtype=torch.complex64)
y = x.mH
