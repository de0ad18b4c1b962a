import torch
x = torch.arange(6)
y = x.to(dtype=torch.float64)
