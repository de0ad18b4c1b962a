import torch
t = torch.tensor(2.)
r = t.select(-3, 0)
