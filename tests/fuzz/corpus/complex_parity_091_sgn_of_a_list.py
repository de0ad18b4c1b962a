import torch
y = torch.sgn([1, 2])
