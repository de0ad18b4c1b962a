import torch
a = torch.arange(6.)
b = torch.zeros(1)
b.set_(a.storage(), 1, (2, 2))
