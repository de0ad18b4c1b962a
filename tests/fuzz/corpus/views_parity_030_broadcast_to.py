import torch
v = torch.arange(3)
y = torch.broadcast_to(v, (2, 3))
