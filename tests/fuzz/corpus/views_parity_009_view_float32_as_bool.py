import torch
m = torch.tensor([[0., 1.]])
y = m.view(torch.bool)
