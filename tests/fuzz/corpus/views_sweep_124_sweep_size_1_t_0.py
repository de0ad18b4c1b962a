import torch
t = torch.ones(1)
r = t[:, 0]
