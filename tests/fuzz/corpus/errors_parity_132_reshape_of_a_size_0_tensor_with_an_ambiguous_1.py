import torch
x = torch.zeros(2, 0)
y = x.reshape(0, -1)
