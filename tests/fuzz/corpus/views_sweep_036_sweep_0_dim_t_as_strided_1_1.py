import torch
t = torch.tensor(2.)
r = t.as_strided([-1], [1])
