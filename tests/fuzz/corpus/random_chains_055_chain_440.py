import torch
x = torch.arange(-1, 1, dtype=torch.int64).reshape(2)
t1 = x.clone()
