import torch
x = torch.arange(24.).view(2, 3, 4)
y = x.transpose(0, 2).roll((1, -2), (0, 1))
z = x.roll(5)
