import torch
t = torch.zeros(1, 0)
r = t.swapaxes_(0, -1)
