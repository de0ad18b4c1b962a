import torch
x = torch.arange(9).view(3, 3)
y = x.diagonal()
