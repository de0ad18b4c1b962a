import torch
z = torch.tensor(1.)
y = torch.rot90(z, 1, [0, 1])
