import torch
z = torch.tensor(1.)
r = z.unbind(1)
