import torch
t = torch.zeros(0)
r = torch.zeros_like(t)
