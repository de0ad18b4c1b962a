import torch
v = torch.arange(6)
a, b = torch.tensor_split(v, [-2])
