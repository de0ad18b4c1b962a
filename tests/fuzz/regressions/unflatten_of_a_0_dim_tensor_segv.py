import torch
a = torch.tensor(1)
b = a.unflatten(0, [1])
