import torch
x = torch.tensor(1)
a = x.chunk(1)
