import torch
t = torch.tensor(2.)
r = torch.vsplit(t, [1])
