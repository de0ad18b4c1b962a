import torch
t = torch.tensor(2.)
r = t.expand(-1, 1)
