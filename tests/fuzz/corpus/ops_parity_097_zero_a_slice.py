import torch
x = torch.arange(6)
x[2:4].zero_()
x
