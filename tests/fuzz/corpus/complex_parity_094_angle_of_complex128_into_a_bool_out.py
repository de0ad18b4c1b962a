import torch
x = torch.tensor([1j], dtype=torch.complex128)
y = torch.angle(x, out=torch.zeros(1, dtype=torch.bool))
