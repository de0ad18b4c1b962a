import torch
t = torch.tensor(2.)
r = t.swapaxes_(0, -1)
