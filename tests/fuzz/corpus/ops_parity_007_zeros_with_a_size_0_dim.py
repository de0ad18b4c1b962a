import torch
x = torch.zeros(2, 0, 3)
