import torch
x = torch.arange(12)
y = x.reshape(3, 4)
