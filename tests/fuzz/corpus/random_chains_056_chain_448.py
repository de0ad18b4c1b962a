import torch
x = torch.arange(-3, 9, dtype=torch.bfloat16).reshape(3, 4)
t1 = x[:-2:2, 1]
