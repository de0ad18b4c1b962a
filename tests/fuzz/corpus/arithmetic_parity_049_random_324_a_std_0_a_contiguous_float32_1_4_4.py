import torch
a = torch.arange(1, 17, dtype=torch.float32).view(1, 4, 4)
c = a.std(0)
