import torch
x = torch.zeros(3)
x.fill_(torch.ones(2))
