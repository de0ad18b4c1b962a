import torch
a = torch.zeros(2, 3)
b = torch.zeros(3)
c = torch.cat([a, b])
