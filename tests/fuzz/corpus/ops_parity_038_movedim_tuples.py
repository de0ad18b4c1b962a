import torch
x = torch.arange(24).view(2, 3, 4)
y = x.movedim((0, 1), (2, 0))
