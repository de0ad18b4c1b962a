import torch
a = torch.arange(3.)
b = a[1:]
b.resize_(5)
a
