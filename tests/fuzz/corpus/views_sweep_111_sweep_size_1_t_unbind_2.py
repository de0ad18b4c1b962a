import torch
t = torch.ones(1)
r = t.unbind(2)
