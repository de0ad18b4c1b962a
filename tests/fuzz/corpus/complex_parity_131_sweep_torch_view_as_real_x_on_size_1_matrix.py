import torch
x = torch.tensor([[2j]])
y = torch.view_as_real(x)
