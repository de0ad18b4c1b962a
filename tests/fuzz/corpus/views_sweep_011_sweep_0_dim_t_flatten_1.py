import torch
t = torch.tensor(2.)
r = t.flatten(-1)
