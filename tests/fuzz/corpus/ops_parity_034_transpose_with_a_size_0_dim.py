import torch
x = torch.zeros(0, 3)
y = x.transpose(0, 1)
