import torch
t = torch.ones(1)
r = t.tensor_split(2, -1)
