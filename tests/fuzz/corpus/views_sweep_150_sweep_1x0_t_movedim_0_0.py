import torch
t = torch.zeros(1, 0)
r = t.movedim(0, 0)
