import torch
t = torch.tensor(2.)
r = t.reshape(-1, 1)
