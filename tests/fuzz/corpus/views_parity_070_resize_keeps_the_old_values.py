import torch
a = torch.arange(3.)
c = a.resize_(5)[:3]
