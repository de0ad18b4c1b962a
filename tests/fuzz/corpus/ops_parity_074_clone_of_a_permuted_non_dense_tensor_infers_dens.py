import torch
x = torch.arange(24).view(2, 3, 4)[:, :, 1:3].permute(2, 0, 1)
y = x.clone()
