import torch
a = torch.tensor([float('nan')])
torch.equal(a, a)
