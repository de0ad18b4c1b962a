import torch
a = torch.tensor(1)
b = a.unflatten(-1, [1])
