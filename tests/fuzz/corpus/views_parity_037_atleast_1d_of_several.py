import torch
z = torch.tensor(4.)
v = torch.arange(3)
a, b = torch.atleast_1d(z, v)
