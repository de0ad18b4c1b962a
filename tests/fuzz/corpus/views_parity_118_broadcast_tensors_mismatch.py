import torch
m = torch.arange(6.).view(2, 3)
r = torch.broadcast_tensors(m, torch.zeros(4))
