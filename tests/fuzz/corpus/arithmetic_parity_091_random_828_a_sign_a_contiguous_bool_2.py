import torch
a = (torch.arange(2) % 3 == 0)
c = a.sign()
