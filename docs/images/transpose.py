import torch
x = torch.arange(24).reshape(2, 3, 4)
y = x.transpose(0, 1)  # same storage, strides (4, 12, 1)
