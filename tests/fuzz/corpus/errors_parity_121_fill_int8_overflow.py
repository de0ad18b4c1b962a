import torch
x = torch.zeros(2, dtype=torch.int8)
x.fill_(300)
