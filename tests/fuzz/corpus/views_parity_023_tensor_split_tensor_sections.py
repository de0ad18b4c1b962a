import torch
v = torch.arange(5)
a, b = torch.tensor_split(v, torch.tensor(2))
