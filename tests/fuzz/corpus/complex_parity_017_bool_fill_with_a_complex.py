import torch
x = torch.zeros(2, dtype=torch.bool)
x.fill_(1j)
