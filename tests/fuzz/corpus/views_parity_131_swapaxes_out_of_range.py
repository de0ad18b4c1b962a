import torch
m = torch.arange(6.).view(2, 3)
m.swapaxes_(0, 5)
