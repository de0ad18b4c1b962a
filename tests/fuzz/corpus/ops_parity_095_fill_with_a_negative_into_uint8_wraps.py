import torch
x = torch.zeros(2, dtype=torch.uint8)
x.fill_(-1)
