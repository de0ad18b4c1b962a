import torch
x = torch.zeros(2)
x.mul_(torch.ones(3, 2))
