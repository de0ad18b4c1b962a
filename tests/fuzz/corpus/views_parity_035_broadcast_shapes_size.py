import torch
s = torch.broadcast_shapes(torch.Size([2, 1]), [1, 5])
