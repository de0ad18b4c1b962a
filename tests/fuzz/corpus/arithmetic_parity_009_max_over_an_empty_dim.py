import torch
x = torch.ones(0, 3)
x.max(0)
