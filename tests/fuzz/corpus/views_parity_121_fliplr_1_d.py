import torch
v = torch.arange(3)
y = torch.fliplr(v)
