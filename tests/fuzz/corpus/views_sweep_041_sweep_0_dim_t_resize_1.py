import torch
t = torch.tensor(2.)
r = t.resize_(-1)
