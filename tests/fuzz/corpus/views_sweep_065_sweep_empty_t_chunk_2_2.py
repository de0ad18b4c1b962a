import torch
t = torch.zeros(0)
r = t.chunk(2, 2)
