import torch
t = torch.ones(1)
r = t.unsqueeze(-1)
