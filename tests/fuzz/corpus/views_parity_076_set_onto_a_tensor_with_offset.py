import torch
a = torch.arange(6.)
b = torch.zeros(1)
b.set_(a, 2, (2,), (2,))
