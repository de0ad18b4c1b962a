import torch
a = torch.arange(1, 49, dtype=torch.int64).view(2, 4, 3, 2).permute(1, 2, 3, 0)
c = a[:, [0, 0]]
