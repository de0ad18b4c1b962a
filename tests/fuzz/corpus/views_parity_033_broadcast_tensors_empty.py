import torch
a = torch.zeros(0, 1)
b = torch.zeros(3)
c, d = torch.broadcast_tensors(a, b)
