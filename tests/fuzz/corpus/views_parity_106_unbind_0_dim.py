import torch
z = torch.tensor(1.)
r = torch.unbind(z)
