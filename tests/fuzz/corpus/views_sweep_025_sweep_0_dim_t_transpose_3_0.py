import torch
t = torch.tensor(2.)
r = t.transpose_(-3, 0)
