import torch
x = torch.tensor(3)
y = x.flip(0)
