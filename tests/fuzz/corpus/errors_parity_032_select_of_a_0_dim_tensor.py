import torch
x = torch.tensor(3)
y = x.select(0, 0)
