import torch
x = torch.tensor([True])
x.mul_(2)
