import torch
x = torch.arange(4, dtype=torch.bfloat16).view(1, 2, 1, 2)
t1 = x.flip([1, 0])
