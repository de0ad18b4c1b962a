import torch
x = torch.zeros(2, dtype=torch.uint8)
x.add_(0.5)
