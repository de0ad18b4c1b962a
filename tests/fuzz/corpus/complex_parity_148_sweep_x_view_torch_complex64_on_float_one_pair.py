import torch
x = torch.tensor([[1., 2.]])
y = x.view(torch.complex64)
