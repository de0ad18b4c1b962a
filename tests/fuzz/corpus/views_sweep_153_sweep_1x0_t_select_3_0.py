import torch
t = torch.zeros(1, 0)
r = t.select(-3, 0)
