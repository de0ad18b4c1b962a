import torch
t = torch.zeros(1, 0)
r = t.narrow(2, 0, 0)
