import torch
x = torch.tensor([1-1j])
y = torch.view_as_real(x)
