import torch
t = torch.tensor(2.)
r = t.unbind(-3)
