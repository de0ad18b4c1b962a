import torch
x = torch.zeros(2)
x.fill_(1j)
