import torch
t = torch.tensor(2.)
r = t.swapdims(0, -1)
