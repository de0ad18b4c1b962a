import torch
v = torch.arange(4)
y = v.flipud()
