import torch
t = torch.zeros(0, 1, 2)
r = t.narrow(-1, 0, 1)
