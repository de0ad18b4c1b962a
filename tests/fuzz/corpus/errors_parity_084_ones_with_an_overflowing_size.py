import torch
x = torch.ones(1 << 62, 4)
