import torch
t = torch.tensor(2.)
r = t.unflatten(2, [-1])
