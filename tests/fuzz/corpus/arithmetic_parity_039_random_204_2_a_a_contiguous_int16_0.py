import torch
a = torch.arange(0, dtype=torch.int16)
c = 2 + a
