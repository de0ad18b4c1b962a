import torch
x = torch.zeros(2, 3)
x[0] = torch.tensor([1.0, 2.0])
