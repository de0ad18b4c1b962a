import torch
t = torch.zeros(0, 1, 2)
r = t.tensor_split([1], -3)
