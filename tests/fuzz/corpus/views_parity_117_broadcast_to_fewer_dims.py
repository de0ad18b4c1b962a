import torch
m = torch.arange(6.).view(2, 3)
y = m.broadcast_to((3,))
