import torch
x = torch.tensor([1j])
y = torch.maximum(x, x)
