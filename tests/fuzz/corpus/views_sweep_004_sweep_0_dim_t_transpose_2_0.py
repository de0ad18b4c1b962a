import torch
t = torch.tensor(2.)
r = t.transpose(2, 0)
