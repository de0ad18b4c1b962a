import torch
t = torch.tensor(2.)
r = t.chunk(2, 0)
