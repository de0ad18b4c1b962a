import torch
t = torch.zeros(0)
r = t.resize_(1)
