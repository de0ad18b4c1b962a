import torch
a = torch.tensor(1.)
b = torch.unflatten(a, 0, (1,))
