import torch
t = torch.tensor(2.)
r = torch.rot90(t, 1, [1, 0])
