import torch
t = torch.arange(24.).view(1, 3, 2, 2, 2)
y = t.to(memory_format=torch.channels_last_3d)
