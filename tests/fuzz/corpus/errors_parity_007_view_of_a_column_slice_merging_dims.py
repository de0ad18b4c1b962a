import torch
x = torch.arange(12).view(3, 4)[:, :3]
y = x.view(9)
