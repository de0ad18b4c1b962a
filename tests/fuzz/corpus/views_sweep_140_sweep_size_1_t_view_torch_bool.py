import torch
t = torch.ones(1)
r = t.view(torch.bool)
