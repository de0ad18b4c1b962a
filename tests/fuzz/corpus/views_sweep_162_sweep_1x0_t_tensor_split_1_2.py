import torch
t = torch.zeros(1, 0)
r = t.tensor_split([1], 2)
