import torch
t = torch.zeros(0)
r = t.unsqueeze_(-1)
