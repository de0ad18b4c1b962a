import torch
x = torch.arange(20)
y = x[1::3][::2]
