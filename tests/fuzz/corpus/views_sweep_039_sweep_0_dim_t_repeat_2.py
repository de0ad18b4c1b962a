import torch
t = torch.tensor(2.)
r = t.repeat(2)
