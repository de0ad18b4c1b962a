import torch
a = torch.arange(3.)
b = a[1:]
a.resize_(2, 3)
b
