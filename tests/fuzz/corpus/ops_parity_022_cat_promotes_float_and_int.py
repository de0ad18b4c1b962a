import torch
a = torch.zeros(2)
b = torch.arange(2)
c = torch.cat([a, b])
