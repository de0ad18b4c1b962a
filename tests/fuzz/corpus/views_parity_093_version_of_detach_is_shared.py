import torch
a = torch.zeros(3)
d = a.detach()
d.add_(1)
a._version
