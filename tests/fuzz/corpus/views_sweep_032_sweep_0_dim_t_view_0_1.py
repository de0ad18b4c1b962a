import torch
t = torch.tensor(2.)
r = t.view(0, -1)
