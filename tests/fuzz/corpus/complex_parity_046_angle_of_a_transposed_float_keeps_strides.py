import torch
x = torch.tensor([[1., -2.], [-3., 4.]]).t()
y = x.angle()
z = torch.tensor([[1, -2], [-3, 4]]).t().angle()
