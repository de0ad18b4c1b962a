import torch
a = torch.arange(1, 25, dtype=torch.bfloat16).view(2, 4, 3).transpose(0, 1)
c = a.logical_not()
