import torch
a = torch.zeros(3)
v = a[1:]
a.data = torch.ones(4)
a
