import torch
x = torch.arange(6).view(2, 3)
y = x.t()  # the same storage read column by column: strides (1, 3)
