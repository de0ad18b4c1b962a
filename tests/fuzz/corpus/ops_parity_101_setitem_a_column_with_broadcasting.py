import torch
x = torch.zeros(2, 3)
x[:, 1] = torch.tensor([7, 8])
x
