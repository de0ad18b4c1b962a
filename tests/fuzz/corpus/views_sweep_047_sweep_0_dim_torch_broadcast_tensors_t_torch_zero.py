import torch
t = torch.tensor(2.)
r = torch.broadcast_tensors(t, torch.zeros(2, 1))
