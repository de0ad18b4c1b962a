import torch
t = torch.zeros(0, 1, 2)
r = torch.narrow(t, 0, 0, 0)
