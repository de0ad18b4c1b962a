import torch
x = torch.arange(5)
