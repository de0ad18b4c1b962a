import torch
a = torch.arange(1, 9, dtype=torch.float16).view(4, 1, 2)
c = a.amax(0)
