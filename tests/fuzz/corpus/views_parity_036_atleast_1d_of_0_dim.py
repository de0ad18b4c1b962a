import torch
z = torch.tensor(4.)
y = torch.atleast_1d(z)
