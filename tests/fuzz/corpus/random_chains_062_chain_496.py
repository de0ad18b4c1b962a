import torch
x = torch.arange(-3, -1, dtype=torch.bfloat16).reshape(2)
t1 = x.unsqueeze(0)
