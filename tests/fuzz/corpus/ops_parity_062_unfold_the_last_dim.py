import torch
x = torch.arange(12).view(2, 6)
y = x.unfold(-1, 3, 3)
