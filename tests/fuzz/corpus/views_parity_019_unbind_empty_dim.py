import torch
t = torch.zeros(0, 3)
r = t.unbind(0)
