import torch
a = torch.zeros(0, 2)
b = a.unflatten(0, [0, 5])
