import torch
x = torch.zeros(2, 3)
x.copy_(torch.ones(2))
