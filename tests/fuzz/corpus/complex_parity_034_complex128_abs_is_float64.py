import torch
x = torch.tensor([3+4j], dtype=torch.complex128)
y = x.abs()
