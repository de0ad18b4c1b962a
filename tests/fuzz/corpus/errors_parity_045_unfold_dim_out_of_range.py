import torch
x = torch.arange(6)
y = x.unfold(1, 2, 1)
