import torch
x = torch.arange(30, dtype=torch.int16).view(3, 2, 5)
t1 = x.reshape(5, 2, 3)
t2 = t1.to(dtype=torch.float32)
