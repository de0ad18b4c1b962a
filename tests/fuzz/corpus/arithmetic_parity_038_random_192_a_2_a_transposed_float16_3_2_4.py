import torch
a = torch.arange(1, 25, dtype=torch.float16).view(3, 4, 2).transpose(1, 2)
c = a // 2
