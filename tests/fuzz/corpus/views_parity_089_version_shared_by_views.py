import torch
a = torch.zeros(3)
b = a[1:]
b.mul_(2)
a._version
