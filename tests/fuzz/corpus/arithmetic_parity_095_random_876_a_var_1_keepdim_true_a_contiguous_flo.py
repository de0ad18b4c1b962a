import torch
a = torch.arange(1, 3, dtype=torch.float64)
c = a.var(-1, keepdim=True)
