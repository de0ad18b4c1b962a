import torch
a = torch.zeros(3)
a.add_(1)
d = a.data
d._version
