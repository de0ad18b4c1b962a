import torch
a = torch.arange(1, 13, dtype=torch.int16).view(3, 4).transpose(0, 1)
c = a.round()
