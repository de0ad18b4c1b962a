import torch
z = torch.tensor(1.)
r = torch.tensor_split(z, [1])
