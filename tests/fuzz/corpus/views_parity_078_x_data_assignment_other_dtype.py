import torch
a = torch.zeros(3)
a.data = torch.arange(2)
a
