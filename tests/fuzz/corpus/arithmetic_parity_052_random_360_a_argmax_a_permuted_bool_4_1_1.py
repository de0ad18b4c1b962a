import torch
a = (torch.arange(4).view(1, 4, 1) % 2 == 0).permute(1, 2, 0)
c = a.argmax()
