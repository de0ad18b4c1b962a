import torch
x = torch.arange(10)
y = x[1::2]
