import torch
t = torch.zeros(0)
r = t.stride(1)
