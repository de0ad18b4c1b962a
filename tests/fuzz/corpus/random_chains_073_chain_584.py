import torch
x = torch.arange(10, dtype=torch.int32).view(5, 2)
x.size()
