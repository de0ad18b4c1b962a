import torch
t = torch.tensor(2.)
r = t.permute(2)
