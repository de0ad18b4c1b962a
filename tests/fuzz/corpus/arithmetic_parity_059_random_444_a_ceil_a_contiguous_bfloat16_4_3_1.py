import torch
a = torch.arange(1, 13, dtype=torch.bfloat16).view(4, 3, 1)
c = a.ceil()
