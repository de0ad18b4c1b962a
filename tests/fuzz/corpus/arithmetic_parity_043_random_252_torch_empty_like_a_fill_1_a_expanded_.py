import torch
a = torch.arange(1, 3, dtype=torch.int32).view(2, 1).expand(2, 2)
c = torch.empty_like(a).fill_(1)
