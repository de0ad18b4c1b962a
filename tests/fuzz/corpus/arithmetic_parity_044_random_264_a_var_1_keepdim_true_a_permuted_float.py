import torch
a = torch.arange(1, 9, dtype=torch.float32).view(4, 2, 1).permute(1, 2, 0)
c = a.var(-1, keepdim=True)
