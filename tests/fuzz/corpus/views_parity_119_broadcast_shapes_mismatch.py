import torch
s = torch.broadcast_shapes((3,), (4,))
