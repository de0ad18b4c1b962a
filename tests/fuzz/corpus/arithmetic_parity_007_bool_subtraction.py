import torch
x = torch.tensor([True])
x - x
