import torch
x = torch.arange(6)
y = x.narrow(0, 7, 0)
