import torch
a = torch.tensor(1)
c = torch.cat([a, a])
