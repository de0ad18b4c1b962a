import torch
x = torch.zeros(0, dtype=torch.complex64)
y = torch.view_as_real(x.conj())
