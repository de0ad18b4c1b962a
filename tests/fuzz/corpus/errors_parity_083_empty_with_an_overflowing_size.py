import torch
x = torch.empty(1 << 40, 1 << 40)
