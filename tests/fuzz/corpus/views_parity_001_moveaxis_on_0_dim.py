import torch
z = torch.tensor(3.)
y = torch.moveaxis(z, 0, 0)
