import torch
t = torch.ones(1)
r = t.view(-3, -1)
