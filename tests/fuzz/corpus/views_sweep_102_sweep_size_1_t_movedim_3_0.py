import torch
t = torch.ones(1)
r = t.movedim(-3, 0)
