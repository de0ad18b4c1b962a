import torch
t = torch.ones(1)
r = torch.vsplit(t, [-1])
