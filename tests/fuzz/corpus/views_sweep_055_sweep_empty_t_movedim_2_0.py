import torch
t = torch.zeros(0)
r = t.movedim(2, 0)
