import torch
t = torch.zeros(1, 0)
r = torch.broadcast_tensors(t, torch.zeros(2, 1))
