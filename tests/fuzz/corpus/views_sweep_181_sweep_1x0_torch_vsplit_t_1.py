import torch
t = torch.zeros(1, 0)
r = torch.vsplit(t, [1])
