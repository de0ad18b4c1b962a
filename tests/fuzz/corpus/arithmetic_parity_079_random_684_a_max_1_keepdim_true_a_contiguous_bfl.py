import torch
a = torch.arange(1, 65, dtype=torch.bfloat16).view(4, 4, 4)
c = a.max(1, keepdim=True)
