import torch
t = torch.zeros(0)
r = t.narrow(-1, 0, 1)
