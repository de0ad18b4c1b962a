import torch
x = torch.ones(3)
x.masked_fill_(torch.tensor([1, 0, 1]), 0)
