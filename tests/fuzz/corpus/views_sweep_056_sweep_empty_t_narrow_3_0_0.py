import torch
t = torch.zeros(0)
r = t.narrow(-3, 0, 0)
