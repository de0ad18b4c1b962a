import torch
a = torch.zeros(2, 3)
b = torch.zeros(3, 2)
c = torch.stack([a, b])
