import torch
x = torch.zeros(0)
y = x.real
