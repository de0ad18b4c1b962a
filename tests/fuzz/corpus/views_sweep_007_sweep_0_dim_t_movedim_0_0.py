import torch
t = torch.tensor(2.)
r = t.movedim(0, 0)
