import torch
a = torch.zeros(3)
a.add_(1)
b = a.view(3)
b._version
