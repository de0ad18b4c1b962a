import torch
t = torch.tensor(2.)
r = t.narrow(2, 0, 0)
