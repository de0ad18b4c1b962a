import torch
a = torch.arange(6.)
b = torch.zeros(1)
b.set_(a.storage(), 0, (3, 2), (1, 3))
