import torch
v = torch.arange(2)
a, b, c = v.tensor_split(3)
