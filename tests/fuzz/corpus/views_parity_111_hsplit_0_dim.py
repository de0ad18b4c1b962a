import torch
z = torch.tensor(1.)
r = torch.hsplit(z, 1)
