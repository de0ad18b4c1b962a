import torch
x = torch.zeros(3)
x.copy_(torch.ones(2, 3))
