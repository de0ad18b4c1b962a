import torch
x = torch.ones(2)
x += 1j
