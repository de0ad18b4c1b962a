import torch
t = torch.zeros(3, 1).expand(3, 4)
y = torch.empty_like(t)
