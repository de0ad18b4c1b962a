import torch
x = torch.tensor([[1., 2.]])
y = torch.view_as_complex(x)
