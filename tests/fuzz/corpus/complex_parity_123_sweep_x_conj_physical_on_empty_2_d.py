import torch
x = torch.zeros(0, 3, dtype=torch.complex128)
y = x.conj_physical()
