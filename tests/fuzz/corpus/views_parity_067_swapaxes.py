import torch
x = torch.arange(24.).view(2, 3, 4)
x.swapaxes_(0, 2)
