import torch
t = torch.tensor(2.)
r = t.unfold(-1, 1, 1)
