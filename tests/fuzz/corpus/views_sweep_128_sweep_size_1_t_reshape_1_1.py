import torch
t = torch.ones(1)
r = t.reshape(-1, -1)
