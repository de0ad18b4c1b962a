import torch
x = torch.arange(8, dtype=torch.float64).view(4, 2)
t1 = x.unsqueeze(3)
