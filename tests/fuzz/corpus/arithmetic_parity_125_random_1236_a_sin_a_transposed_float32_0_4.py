import torch
a = torch.arange(0, dtype=torch.float32).view(4, 0).transpose(1, 0)
c = a.sin()
