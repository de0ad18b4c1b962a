import torch
t = torch.ones(1)
r = torch.narrow(t, 0, 2, 0)
