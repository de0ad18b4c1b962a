import torch
t = torch.ones(1)
r = t.unsqueeze_(1)
