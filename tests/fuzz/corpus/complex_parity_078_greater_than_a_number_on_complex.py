import torch
x = torch.tensor([1j])
y = x > 1
