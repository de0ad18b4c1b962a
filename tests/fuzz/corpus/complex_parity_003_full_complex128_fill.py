import torch
x = torch.full((3,), 2j, dtype=torch.complex128)
