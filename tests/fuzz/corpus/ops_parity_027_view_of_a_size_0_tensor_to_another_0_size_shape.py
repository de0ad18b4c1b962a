import torch
x = torch.zeros(0, 3)
y = x.view(3, 0, 2)
