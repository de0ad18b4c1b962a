import torch
t = torch.zeros(0)
r = torch.narrow(t, 0, 0, 0)
