import torch
a = torch.arange(1, 2, dtype=torch.int32).view(1, 1, 1).expand(4, 1, 1)
c = a.logical_not()
