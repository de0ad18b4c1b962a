import torch
a = torch.arange(1, 9, dtype=torch.float16).view(1, 2, 4, 1).expand(1, 2, 4, 2)
c = 1.5 <= a
