import torch
t = torch.tensor(2.)
r = torch.narrow(t, 0, -3, 0)
