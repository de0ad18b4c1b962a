import torch
t = torch.ones(1)
r = t.tensor_split([1], 0)
