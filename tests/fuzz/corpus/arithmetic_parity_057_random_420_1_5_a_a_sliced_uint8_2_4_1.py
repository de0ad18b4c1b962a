import torch
a = torch.arange(1, 17, dtype=torch.uint8).view(2, 4, 2)[:, :, ::2]
c = 1.5 <= a
