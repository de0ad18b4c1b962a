import torch
t = torch.tensor(2.)
r = t.tensor_split([1], 2)
