import torch
x = torch.full((2,), 1.5)
