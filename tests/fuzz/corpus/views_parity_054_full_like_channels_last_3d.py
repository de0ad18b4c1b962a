import torch
t = torch.zeros(1, 2, 2, 2, 2)
y = torch.full_like(t, 1.5, memory_format=torch.channels_last_3d)
