import torch
t = torch.zeros(0)
r = t.view(torch.int16)
