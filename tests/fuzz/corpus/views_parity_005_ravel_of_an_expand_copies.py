import torch
y = torch.arange(3).expand(2, 3).ravel()
