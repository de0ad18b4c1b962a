import torch
t = torch.tensor(2.)
r = t.tensor_split(2, 1)
