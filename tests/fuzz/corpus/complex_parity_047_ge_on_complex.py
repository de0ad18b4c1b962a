import torch
x = torch.tensor([1j])
y = torch.ge(x, x)
