import torch
t = torch.ones(1)
r = t.narrow(0, 0, 0)
