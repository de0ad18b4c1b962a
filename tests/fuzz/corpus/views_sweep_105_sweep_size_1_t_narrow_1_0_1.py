import torch
t = torch.ones(1)
r = t.narrow(1, 0, 1)
