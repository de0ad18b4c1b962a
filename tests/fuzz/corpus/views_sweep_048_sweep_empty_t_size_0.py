import torch
t = torch.zeros(0)
r = t.size(0)
