import torch
x = torch.arange(6)
y = x.unfold(0, -1, 1)
