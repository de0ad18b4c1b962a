import torch
a = torch.arange(1, 7, dtype=torch.int64).view(1, 2, 3).expand(1, 2, 3)
c = a.argmax()
