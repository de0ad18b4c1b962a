import torch
x = torch.arange(12).view(3, 4)
y = x.narrow(0, 1, 2)
