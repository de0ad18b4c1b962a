import torch
t = torch.zeros(1, 0)
r = t.transpose(2, 0)
