import torch
t = torch.zeros(0)
r = torch.fliplr(t)
