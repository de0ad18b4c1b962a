import torch
t = torch.zeros(0)
r = t.dsplit(1)
