import torch
x = torch.tensor(3)
x[...] = 7
x
