import torch
x = torch.zeros(2, -3)
