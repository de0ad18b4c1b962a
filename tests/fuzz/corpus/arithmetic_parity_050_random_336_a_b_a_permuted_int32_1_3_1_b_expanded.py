import torch
a = torch.arange(1, 4, dtype=torch.int32).view(1, 1, 3).permute(0, 2, 1)
b = torch.arange(1, 4, dtype=torch.float32).view(3, 1).expand(3, 1)
c = a - b
