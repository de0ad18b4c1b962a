import torch
a = torch.arange(2.)
b = torch.zeros(1)
b.set_(a.storage(), 1, (5,))
a
