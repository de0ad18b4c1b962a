import torch
x = torch.ones(2) + torch.tensor(1j, dtype=torch.complex128)
