import torch
a = torch.arange(0, dtype=torch.int16).view(1, 0)
c = a.sum(-1, keepdim=True)
