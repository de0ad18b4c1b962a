import torch
t = torch.ones(1)
r = t.vsplit(1)
