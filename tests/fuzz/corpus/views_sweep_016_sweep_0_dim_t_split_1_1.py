import torch
t = torch.tensor(2.)
r = t.split(1, -1)
