import torch
t = torch.zeros(0)
r = t.tensor_split([1], -3)
