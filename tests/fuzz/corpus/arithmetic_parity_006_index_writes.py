import torch
x = torch.zeros(3, 4)
x[[0, 2]] = 1
x
x[x > 0] = 5
x
x[:, [1, 3]] = torch.tensor([7., 8.])
x
