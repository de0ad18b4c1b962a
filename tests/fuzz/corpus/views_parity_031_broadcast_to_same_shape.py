import torch
v = torch.arange(3)
y = v.broadcast_to((3,))
