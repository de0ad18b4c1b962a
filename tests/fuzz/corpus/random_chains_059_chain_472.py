import torch
x = torch.arange(-1, -1, dtype=torch.int16).reshape(2, 5, 0)
x.add_(3)
t1 = x.clone()
x
