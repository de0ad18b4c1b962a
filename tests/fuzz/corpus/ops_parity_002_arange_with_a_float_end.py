import torch
x = torch.arange(2.5)
