import torch
v = torch.arange(3.)
a, b, c = torch.tensor_split(v, [1, 5])
