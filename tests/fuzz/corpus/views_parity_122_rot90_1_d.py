import torch
v = torch.arange(3)
y = torch.rot90(v)
