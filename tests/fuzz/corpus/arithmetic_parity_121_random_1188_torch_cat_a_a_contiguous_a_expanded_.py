import torch
a = torch.arange(1, 3, dtype=torch.bfloat16).view(1, 2, 1).expand(1, 2, 1)
c = torch.cat([a, a.contiguous()])
