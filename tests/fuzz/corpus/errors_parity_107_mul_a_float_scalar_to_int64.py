import torch
x = torch.arange(3)
x.mul_(2.0)
