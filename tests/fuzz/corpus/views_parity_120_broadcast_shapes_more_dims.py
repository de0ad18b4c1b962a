import torch
s = torch.broadcast_shapes((2, 3), (3, 2, 4))
